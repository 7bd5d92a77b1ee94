/** The HTTP server: route, count, apply faults, authenticate, handle, answer. */
import { createServer } from 'http';
import type { IncomingMessage, Server, ServerResponse } from 'http';

import { authenticate } from './auth';
import { failureBodyOf } from './failureBodies';
import { changeAnswer } from './answerChange';
import { faultBody, takeFault } from './faults';
import type { Fault } from './faults';
import { ERROR_SENTENCE, ServiceError, readRequest, sendError, sendJson, sendRaw } from './http';
import type { SandboxRequest } from './http';
import type { HtmlPage } from './checkoutPage';
import { matchRoute } from './routes';
import type { RouteAnswer } from './routes/route';
import type { SandboxState } from './state';

export function createSandboxServer(state: SandboxState): Server {
	return createServer((request, response) => {
		handle(state, request, response)
			.catch((error: Error) => {
				if (!response.headersSent)
					sendJson(response, 500, { error: ERROR_SENTENCE, detail: error.message });
			})
			.finally(() => {
				if (request.method !== 'GET') state.onChange?.();
			});
	});
}

async function handle(
	state: SandboxState,
	incoming: IncomingMessage,
	response: ServerResponse,
): Promise<void> {
	const request = await readRequest(incoming).catch((error: ServiceError) => error);
	if (request instanceof ServiceError)
		return sendError(response, request, failureBodyOf(request, state.options.profile));
	const match = matchRoute(request.method, request.path);
	const routeName =
		match && 'route' in match
			? `${request.method} ${match.route.pattern}`
			: `${request.method} ${request.path}`;
	const isControl = match !== undefined && 'route' in match && match.route.auth === 'none';
	log(state, request.method, request.path);
	if (isControl) return await serve(state, incoming, response, request, match, undefined);
	state.count(routeName);
	// A request held by a fault's latency is carried out after its client gave
	// up: `settle` waits for it.
	state.requestsUnderWay++;
	const handled = state.handling(routeName);
	try {
		// The service's pace: every route alike, before anything else happens.
		const { latencyMs } = state.options;
		if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
		const fault = takeFault(state.faults, routeName);
		return await serve(state, incoming, response, request, match, fault);
	} finally {
		state.requestsUnderWay--;
		handled();
	}
}

/** Applies the fault and answers: the route's handler, unless the fault stands in for it. */
async function serve(
	state: SandboxState,
	incoming: IncomingMessage,
	response: ServerResponse,
	request: SandboxRequest,
	match: ReturnType<typeof matchRoute>,
	fault: Fault | undefined,
): Promise<void> {
	if (fault?.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
	if (fault?.reset === 'before') return void incoming.socket.destroy();
	if ((fault?.status || fault?.failure) && !fault.afterProcessing)
		return answerFault(response, fault, undefined);

	let answer: RouteAnswer;
	try {
		// A path holding "//" is no route of the service; behind its CDN it is answered 404
		// (docs/SERVICE.md, "Every request").
		if (request.path.includes('//'))
			throw new ServiceError(404, `No route for ${request.method} ${request.path}`);
		if (!match) throw new ServiceError(404, `No route for ${request.method} ${request.path}`);
		if ('methodMismatch' in match)
			throw new ServiceError(405, `Method "${request.method}" not allowed.`);
		if (request.bodyError) throw request.bodyError;
		const account = authenticate(state, request, match.route.auth);
		answer = await match.route.handle({ state, request, params: match.params, account });
	} catch (error) {
		if (!(error instanceof ServiceError)) throw error;
		if (fault?.reset === 'after') return void incoming.socket.destroy();
		const body = failureBodyOf(error, state.options.profile);
		if (fault && replacesAnswer(fault)) return answerFault(response, fault, body);
		return sendError(response, error, body);
	}

	if (fault?.reset === 'after') return void incoming.socket.destroy();
	if (fault && replacesAnswer(fault)) return answerFault(response, fault, answer.body);
	if (fault?.change) answer = { ...answer, body: changeAnswer(answer.body, fault.change) };
	const page = answer.body as HtmlPage;
	if (page && typeof page === 'object' && 'html' in page)
		return sendRaw(response, answer.status ?? 200, 'text/html; charset=utf-8', page.html);
	sendJson(
		response,
		answer.status ?? 200,
		answer.doubleEncode ? JSON.stringify(answer.body) : answer.body,
	);
}

function replacesAnswer(fault: Fault): boolean {
	return fault.status !== undefined || fault.body !== undefined || fault.failure !== undefined;
}

/**
 * A fault's answer: its failure body, or its status with the service's error body, or
 * the real answer re-encoded.
 */
function answerFault(response: ServerResponse, fault: Fault, realAnswer: unknown): void {
	const status = fault.status ?? 200;
	if (fault.failure !== undefined && fault.body === undefined)
		return sendJson(response, status, fault.failure, faultHeaders(fault));
	const body =
		status >= 400 ? { error: ERROR_SENTENCE, detail: `Injected fault ${status}` } : realAnswer;
	const { contentType, text } = faultBody(fault.body, body, fault.json);
	sendRaw(response, status, contentType, text, faultHeaders(fault));
}

function faultHeaders(fault: Fault): Record<string, string> {
	const headers: Record<string, string> = {};
	if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
	if (fault.location !== undefined) headers.location = fault.location;
	return headers;
}

function log(state: SandboxState, method: string, path: string): void {
	// Only method and path: headers and bodies carry secrets.
	if (!state.options.quiet) console.log(`${new Date().toISOString()} ${method} ${path}`);
}
