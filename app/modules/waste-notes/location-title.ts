/**
 * The title of a note card on Past Waste Notes: the first comma segment of the origin address,
 * joined (with a space) with the second when the first is under 3 characters ("14, Mill Lane" ->
 * "14 Mill Lane"), cut at 40 characters.
 */
export function locationTitle(originAddress: string): string {
  const parts = originAddress
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return "";
  const title = parts[0].length < 3 && parts[1] ? `${parts[0]} ${parts[1]}` : parts[0];
  return title.length > 40 ? title.slice(0, 40) : title;
}
