/**
 * The Pay Trigger's repeat records as n8n stores them in the trigger node's static data: one
 * string, the JSON of `{ [event key]: ms }` (none before the first event started the workflow).
 */
export function savedRepeatRecords(
	triggerData: { seen?: unknown } | undefined,
): Record<string, number> {
	const seen = triggerData?.seen;
	if (seen === undefined) return {};
	if (typeof seen !== 'string') throw new Error(`repeat records saved as ${typeof seen}`);
	return JSON.parse(seen) as Record<string, number>;
}
