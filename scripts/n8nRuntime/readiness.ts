/**
 * When a starting n8n is ready for the editor and its REST API. While starting, n8n first answers
 * every path with a 200 "n8n is starting up" page, then 404 for a few seconds before its routes
 * exist (measured on 2.8.4); only a JSON answer from `/rest/settings` means the REST API is there.
 */
export async function n8nIsReady(baseUrl: string): Promise<boolean> {
	try {
		const [settings, editor] = await Promise.all([
			fetch(`${baseUrl}/rest/settings`),
			fetch(`${baseUrl}/`),
		]);
		return isRestApiAnswer(settings) && editor.ok;
	} catch {
		return false; // not listening yet
	}
}

/**
 * A success from n8n's REST API itself: its "starting up" page answers 200 too, but not in JSON.
 */
export function isRestApiAnswer(response: Response): boolean {
	return response.ok && /json/.test(response.headers.get('content-type') ?? '');
}
