export { email, idParam, newPassword, text } from "#contract/fields.ts";
