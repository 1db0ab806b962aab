/** Texts shared by the sync's server code and the Data Management page. */
export const CLEARED_MESSAGE = "Manually cleared - sync was stuck in running state";
/** The title of the toast when a sync could not be started or failed. */
export const TRIGGER_FAILED = "Failed to trigger data sync";
