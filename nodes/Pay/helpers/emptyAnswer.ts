/**
 * Whether an answer says nothing: no body, or `{}` (the service's answer to a transfer). Output as
 * it is, n8n shows such a field as a red "empty object", as if something were missing.
 */
export function isEmptyAnswer(answer: unknown): boolean {
	if (answer === undefined || answer === null || answer === '') return true;
	return typeof answer === 'object' && !Array.isArray(answer) && Object.keys(answer).length === 0;
}
