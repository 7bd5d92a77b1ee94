import type { IExecuteFunctions } from 'n8n-workflow';

import { isPromptRow, readBankCatalog } from '../../helpers/banks';
import { readYesNo } from '../../helpers/fieldInput';
import type { OperationEnvironment, PayOperation } from '../types';

export const listBanks: PayOperation = {
	value: 'listBanks',
	name: 'List Banks',
	description: 'List the banks of the PSE bank debit, one item per bank',
	action: 'List PSE banks',
	properties: [
		{
			displayName: 'Include Prompt Row',
			name: 'includePromptRow',
			type: 'boolean',
			default: false,
			description:
				'Whether to keep the catalog\'s "select your bank" row (code 0), which is not a bank',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const includePrompt = readYesNo(
			env.node,
			itemIndex,
			'Include Prompt Row',
			this.getNodeParameter('includePromptRow', itemIndex, false),
		);
		const answer = await env.request({
			method: 'GET',
			path: '/get_banks/1/',
			safety: 'read',
			action: 'the bank list',
			itemIndex,
		});
		return readBankCatalog(answer)
			.filter((bank) => includePrompt || !isPromptRow(bank))
			.map((bank) => ({ ...bank.raw, bank_code: bank.code, bank_name: bank.name }));
	},
};
