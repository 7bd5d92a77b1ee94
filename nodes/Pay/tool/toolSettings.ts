/**
 * The settings a user gives the Pay Tool for one money-moving operation. They are shown only when
 * the node is placed as a tool of an AI Agent (`@tool`): in a plain workflow nothing changes.
 */
import type { IExecuteFunctions, INodeProperties, NodeParameterValueType } from 'n8n-workflow';

import { readTextList, readWholeNumber, readYesNo } from '../helpers/fieldInput';
import type { MoneyMovement, OperationEnvironment } from '../payOperation';
import { readParameter } from '../execution/readParameter';

export interface ToolSettings {
	allowMoneyMovement: boolean;
	/** Whole COP; 0 when not set (every money call is then refused). */
	maxAmount: number;
	maxCallsPerExecution: number;
	/** Empty: any destination. */
	allowedRecipients: string[];
	agentChoosesAmount: boolean;
	agentChoosesRecipient: boolean;
}

const onlyAsTool = { '@tool': [true] };
const whenAllowed = { '@tool': [true], toolAllowMoneyMovement: [true] };

/** The tool-only fields of an operation; none for operations that move no money. */
export function toolSettingsProperties(money: MoneyMovement | undefined): INodeProperties[] {
	if (!money) return [];
	const properties: INodeProperties[] = [
		{
			displayName: 'Allow the AI Agent to Move Money',
			name: 'toolAllowMoneyMovement',
			type: 'boolean',
			default: false,
			displayOptions: { show: onlyAsTool },
			description:
				'Whether the AI Agent may run this operation, which moves real money. Off: every call is refused and nothing is sent. Consider a Human Review step in front of this tool.',
		},
		{
			displayName: 'Maximum Amount per Call (COP)',
			name: 'toolMaxAmount',
			type: 'number',
			required: true,
			default: 0,
			// No numberPrecision: the editor would round what is typed; a fraction is refused when read.
			typeOptions: { minValue: 0 },
			displayOptions: { show: whenAllowed },
			description:
				'Whole pesos. A call whose amount is higher is refused, nothing sent. 0 refuses every call.' +
				('paymentObject' in money.amountFrom
					? " The amount is the payment link's, read from the service before paying."
					: ''),
		},
		{
			displayName: 'Maximum Money-Moving Calls per Execution',
			name: 'toolMaxCallsPerExecution',
			type: 'number',
			default: 1,
			typeOptions: { minValue: 1, numberPrecision: 0 },
			displayOptions: { show: whenAllowed },
			description:
				'How many times the agent may run this operation in one execution (one chat message); further calls are refused',
		},
		{
			displayName: allowListLabel(money),
			name: 'toolAllowedRecipients',
			type: 'string',
			default: '',
			placeholder: `e.g. ${money.recipientExamples}`,
			displayOptions: { show: whenAllowed },
			description: `Optional. Only these ${money.recipientFields[0].label} values may be paid, separated by commas or new lines. Empty: any.`,
		},
	];
	return [...properties, ...agentChoiceProperties(money)];
}

/** The switches that let the agent choose the amount (when it is a field) and the recipient. */
function agentChoiceProperties(money: MoneyMovement): INodeProperties[] {
	const choices: INodeProperties[] = [];
	if ('field' in money.amountFrom)
		choices.push({
			displayName: 'Let the Agent Choose the Amount',
			name: 'toolAgentChoosesAmount',
			type: 'boolean',
			default: false,
			displayOptions: { show: whenAllowed },
			description:
				'Whether the amount may come from the agent (map it with $fromAI). Off: the amount must be a fixed value typed in the node, and a call asking for another amount is refused.',
		});
	choices.push({
		displayName: recipientSwitchLabel(money),
		name: 'toolAgentChoosesRecipient',
		type: 'boolean',
		default: false,
		displayOptions: { show: whenAllowed },
		description: `Whether ${money.recipientFields.map((field) => field.label).join(' and ')} may come from the agent (map them with $fromAI). Off: they must be fixed values typed in the node, and a call asking for others is refused.`,
	});
	return choices;
}

function allowListLabel(money: MoneyMovement): string {
	return `Allowed ${money.recipientNoun.split(' and ')[0]}s`;
}

export function recipientSwitchLabel(money: MoneyMovement): string {
	return `Let the Agent Choose the ${money.recipientNoun}`;
}

export function readToolSettings(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
	money: MoneyMovement,
): ToolSettings {
	const { node } = env;
	const read = (name: string, fallback: NodeParameterValueType) =>
		readParameter(context, env, name, itemIndex, fallback);
	const allowMoneyMovement = readYesNo(
		node,
		itemIndex,
		'Allow the AI Agent to Move Money',
		read('toolAllowMoneyMovement', false),
	);
	if (!allowMoneyMovement)
		return {
			allowMoneyMovement,
			maxAmount: 0,
			maxCallsPerExecution: 0,
			allowedRecipients: [],
			agentChoosesAmount: false,
			agentChoosesRecipient: false,
		};
	return {
		allowMoneyMovement,
		maxAmount: readWholeNumber(
			node,
			itemIndex,
			'Maximum Amount per Call (COP)',
			read('toolMaxAmount', 0),
			0,
		),
		maxCallsPerExecution: readWholeNumber(
			node,
			itemIndex,
			'Maximum Money-Moving Calls per Execution',
			read('toolMaxCallsPerExecution', 1),
			1,
		),
		allowedRecipients: readTextList(
			node,
			itemIndex,
			allowListLabel(money),
			read('toolAllowedRecipients', ''),
		),
		agentChoosesAmount: readYesNo(
			node,
			itemIndex,
			'Let the Agent Choose the Amount',
			read('toolAgentChoosesAmount', false),
		),
		agentChoosesRecipient: readYesNo(
			node,
			itemIndex,
			recipientSwitchLabel(money),
			read('toolAgentChoosesRecipient', false),
		),
	};
}
