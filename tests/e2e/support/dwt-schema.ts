/** The digital waste tracking export's schema (decision 0713), compiled once with ajv for the specs. */
import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const schema = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, "../../../app/modules/waste-notes/dwt/movement-record.schema.json"),
    "utf8",
  ),
) as { $id: string };
const ajv = new Ajv2020({ allErrors: true, strictRequired: false });
addFormats(ajv);
ajv.addSchema(schema);

/** Checks one downloaded file (an envelope: noteId, movement, notFromTheNote, problems). */
export const validateExportFile = ajv.getSchema(`${schema.$id}#/$defs/exportFile`)!;
