import type { UploadableMap } from 'relay-runtime';

/**
 * The GraphQL multipart request (files beside the operation). Relay's uploadables are keyed by the variable
 * path they fill, e.g. `{ 'input.file': file }`; the variable itself is sent as null and mapped to the part.
 */
export function multipartBody(body: { variables: Record<string, unknown> }, uploadables: UploadableMap): FormData {
  const form = new FormData();
  const map: Record<string, string[]> = {};
  const files = Object.entries(uploadables);
  files.forEach(([path], index) => {
    map[String(index)] = [`variables.${path}`];
  });
  form.append('operations', JSON.stringify(body));
  form.append('map', JSON.stringify(map));
  files.forEach(([, file], index) => form.append(String(index), file));
  return form;
}
