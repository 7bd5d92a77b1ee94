/**
 * A deliberate change to a real answer, for a client that checks the service's shapes (the contract
 * check, `npm run contract`): the service renaming a field, or sending a number as text. Applied to
 * the answer object, or to each entry of a list answer, after the request was carried out.
 */
export interface AnswerChange {
	/** A field given under another name: `{"from": "amount", "to": "value"}`. */
	rename?: { from: string; to: string };
	/** A field whose number is sent as text: `"amount"` makes 1000 `"1000"`. */
	asText?: string;
}

export function changeAnswer(answer: unknown, change: AnswerChange): unknown {
	if (Array.isArray(answer)) return answer.map((entry) => changeAnswer(entry, change));
	if (typeof answer !== 'object' || answer === null) return answer;
	const fields = Object.entries(answer as Record<string, unknown>).map(([field, value]) => {
		if (change.rename && field === change.rename.from) return [change.rename.to, value];
		if (field === change.asText && typeof value === 'number') return [field, String(value)];
		return [field, value];
	});
	return Object.fromEntries(fields);
}
