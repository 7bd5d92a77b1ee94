/** In place of n8n's logger on a node's context: the lines are kept for the test ("warn: …"). */
export function captureLogs(context: object): string[] {
	const logs: string[] = [];
	const record = (level: string) => (message: string) => void logs.push(`${level}: ${message}`);
	// n8n's logger is a memoized getter: an own property set first wins.
	Object.defineProperty(context, 'logger', {
		value: {
			error: record('error'),
			warn: record('warn'),
			info: record('info'),
			debug: record('debug'),
		},
	});
	return logs;
}
