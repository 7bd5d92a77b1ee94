/**
 * A small OpenAI-compatible chat-completions server on loopback, standing in for the model behind
 * n8n's OpenAI chat-model node (its credential's Base URL points here). It answers with scripted
 * tool calls: a conversation's user message names its script (`[script:NAME]`), each script is a
 * list of turns, each turn the tool calls the "model" makes; after the last turn it answers with
 * the text of every tool result it was given, as JSON, so the test can read what the agent saw.
 * Streaming requests are answered as server-sent events, the others as one JSON body.
 */
import { createServer } from 'http';
import type { IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';

/** One tool call: its arguments, sent to the first tool the request offers. */
export type ScriptedCall = Record<string, unknown>;
/** The calls of one model turn (several = parallel tool calls). */
export type ScriptedTurn = ScriptedCall[];

interface ChatMessage {
	role: string;
	content?: unknown;
	tool_calls?: unknown[];
}

interface ChatRequest {
	model?: string;
	stream?: boolean;
	messages?: ChatMessage[];
	tools?: Array<{ function?: { name?: string; description?: string } }>;
}

export interface ScriptedOpenAi {
	url: string;
	/** Every request body received, in order. */
	requests: ChatRequest[];
	close(): Promise<void>;
}

export async function startScriptedOpenAi(
	port: number,
	scripts: Record<string, ScriptedTurn[]>,
): Promise<ScriptedOpenAi> {
	const requests: ChatRequest[] = [];
	let callNumber = 0;
	const server: Server = createServer((request, response) => {
		void readBody(request).then((text) => {
			if (!request.url?.endsWith('/chat/completions')) {
				response.writeHead(404, { 'content-type': 'application/json' });
				response.end(JSON.stringify({ error: { message: `no route ${request.url}` } }));
				return;
			}
			const body = JSON.parse(text) as ChatRequest;
			requests.push(body);
			const messages = body.messages ?? [];
			const userText = messages
				.filter((message) => message.role === 'user')
				.map((message) => textOf(message.content))
				.join('\n');
			const name = /\[script:([\w-]+)\]/.exec(userText)?.[1] ?? '';
			const turns = scripts[name] ?? [];
			const turnIndex = messages.filter(
				(message) => message.role === 'assistant' && (message.tool_calls?.length ?? 0) > 0,
			).length;
			const toolName = body.tools?.[0]?.function?.name ?? 'tool';
			if (turnIndex < turns.length) {
				const calls = turns[turnIndex].map((args) => ({
					id: `call_${++callNumber}`,
					type: 'function',
					function: { name: toolName, arguments: JSON.stringify(args) },
				}));
				answer(
					response,
					body,
					{ role: 'assistant', content: null, tool_calls: calls },
					'tool_calls',
				);
			} else {
				const toolResults = messages
					.filter((message) => message.role === 'tool')
					.map((message) => textOf(message.content));
				answer(
					response,
					body,
					{ role: 'assistant', content: JSON.stringify({ toolResults }) },
					'stop',
				);
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	const { port: bound } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${bound}/v1`,
		requests,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

function answer(
	response: ServerResponse,
	request: ChatRequest,
	message: { role: string; content: string | null; tool_calls?: unknown[] },
	finishReason: string,
): void {
	const base = {
		id: `chatcmpl-${Date.now()}`,
		created: Math.floor(Date.now() / 1000),
		model: request.model ?? 'scripted',
	};
	const usage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };
	if (!request.stream) {
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(
			JSON.stringify({
				...base,
				object: 'chat.completion',
				choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }],
				usage,
			}),
		);
		return;
	}
	response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	const chunk = (delta: unknown, finish: string | null, extra: object = {}) =>
		response.write(
			`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }], ...extra })}\n\n`,
		);
	const toolCalls = (message.tool_calls ?? []).map((call, index) => ({
		index,
		...(call as object),
	}));
	chunk(
		toolCalls.length > 0
			? { role: 'assistant', content: null, tool_calls: toolCalls }
			: { role: 'assistant', content: message.content },
		null,
	);
	chunk({}, finishReason);
	response.write(
		`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage })}\n\n`,
	);
	response.end('data: [DONE]\n\n');
}

function textOf(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content))
		return content
			.map((part) =>
				typeof part === 'object' && part !== null
					? String((part as { text?: unknown }).text ?? '')
					: String(part),
			)
			.join('');
	return content === undefined || content === null ? '' : JSON.stringify(content);
}

async function readBody(request: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}
