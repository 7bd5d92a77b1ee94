/**
 * A workflow that runs the Pay Tool under n8n's own AI Agent: a manual trigger, the AI Agent, n8n's
 * OpenAI chat-model node (its credential's Base URL pointing at the scripted model) and the Pay
 * node as the agent's only tool. The agent's prompt names the script the model follows.
 */
import {
	SANDBOX_CREDENTIAL_ID,
	SANDBOX_CREDENTIAL_NAME,
} from '../../scripts/n8nRuntime/credential';
import type { CliExecution } from '../../scripts/n8nRuntime/n8nCli';

export const MODEL_CREDENTIAL = { id: 'scriptedOpenAiModel', name: 'Scripted model' };

/** n8n keeps a workflow's records only for ids of at most 21 characters (its own have 16). */
export function agentWorkflowId(script: string): string {
	const id = `payAi${script[0].toUpperCase()}${script.slice(1)}`;
	if (id.length > 21) throw new Error(`the workflow id ${id} is longer than n8n keeps records for`);
	return id;
}

export function agentWorkflow(script: string, payToolParameters: Record<string, unknown>) {
	return {
		id: agentWorkflowId(script),
		name: `Pay AI agent: ${script}`,
		active: false,
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'agent',
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 3.1,
				position: [220, 0],
				parameters: {
					promptType: 'define',
					text: `[script:${script}] Pay out the supplier's invoice.`,
					options: {},
				},
			},
			{
				id: 'model',
				name: 'OpenAI Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.2,
				position: [140, 220],
				parameters: { model: { __rl: true, value: 'gpt-4o-mini', mode: 'list' }, options: {} },
				credentials: { openAiApi: MODEL_CREDENTIAL },
			},
			{
				id: 'tool',
				name: 'Pay Tool',
				type: 'n8n-nodes-pay.payTool',
				typeVersion: 1,
				position: [320, 220],
				parameters: payToolParameters,
				credentials: { payApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } },
			},
		],
		connections: {
			Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': {
				ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
			},
			'Pay Tool': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * What each tool call answered, as the agent saw it (the scripted model echoes the tool results).
 * A result that is not JSON (an error n8n passed to the agent as text) comes back as `{ text }`.
 */
export function toolAnswers(result: CliExecution): Array<Record<string, unknown>> {
	const output = String(result.outputs['AI Agent']?.[0]?.output ?? '');
	const { toolResults } = JSON.parse(output) as { toolResults: string[] };
	return toolResults.map((text) => {
		try {
			const parsed = JSON.parse(text) as unknown;
			return (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, unknown>;
		} catch {
			return { text };
		}
	});
}
