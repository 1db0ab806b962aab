/** Texts shared by the sync's server code and the Data Management page. */
export const CLEARED_MESSAGE = "Manually cleared - sync was stuck in running state";
