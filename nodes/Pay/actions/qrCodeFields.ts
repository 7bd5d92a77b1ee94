/** The fields of Add QR Code Image, the same on every operation that has it. */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** How the code is drawn: its level, its format, its size. */
const qrCodeOptions: INodeProperties[] = [
	{
		displayName: 'Error Correction Level',
		name: 'errorCorrectionLevel',
		type: 'options',
		options: [
			{ name: 'High (30%)', value: 'H' },
			{ name: 'Low (7%)', value: 'L' },
			{ name: 'Medium (15%)', value: 'M' },
			{ name: 'Quartile (25%)', value: 'Q' },
		],
		default: 'M',
		description: 'How much of the code may be damaged and still read; higher makes it denser',
	},
	{
		displayName: 'Image Format',
		name: 'imageFormat',
		type: 'options',
		options: [
			{ name: 'PNG', value: 'png' },
			{ name: 'SVG', value: 'svg' },
		],
		default: 'png',
		description: 'PNG for email and chat; SVG to scale without loss, as text',
	},
	{
		displayName: 'Pixels per Module',
		name: 'pixelsPerModule',
		type: 'number',
		default: 8,
		typeOptions: { minValue: 1, maxValue: 40 },
		description: "The size of one of the code's squares in pixels",
	},
];

/** The option's fields; `what` says what the code holds, `show` adds where they are shown. */
export function qrCodeProperties(
	what: string,
	show: NonNullable<IDisplayOptions['show']> = {},
): INodeProperties[] {
	const shown = { show: { ...show, addQrCode: [true] } };
	return [
		{
			displayName: 'Add QR Code Image',
			name: 'addQrCode',
			type: 'boolean',
			default: false,
			displayOptions: Object.keys(show).length > 0 ? { show } : undefined,
			description: `Whether to add a QR code image of ${what} to the item's binary data, for an email, a chat message or a file (made inside the node)`,
		},
		{
			displayName: 'Put Output File in Field',
			name: 'qrCodeField',
			type: 'string',
			default: 'qrCode',
			required: true,
			displayOptions: shown,
			hint: 'The name of the output binary field to put the file in',
			description: 'The binary field of the output item that holds the QR code image',
		},
		{
			displayName: 'QR Code Options',
			name: 'qrCodeOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: shown,
			options: qrCodeOptions,
		},
	];
}
