// Every collection's storage checks writes against its JSON schema (ajv, through RxDB's wrapper); kept apart from
// db/validation.ts so that the validator loads with the database, not with every handler that writes.
import type { RxStorage } from 'rxdb';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';

export function withDocumentValidation<Internals, Options>(
  storage: RxStorage<Internals, Options>,
): RxStorage<Internals, Options> {
  return wrappedValidateAjvStorage({ storage });
}
