/**
 * Does for the tests what n8n's server does for credentials: hands out the decrypted data,
 * resolves the credential's generic `authenticate` expressions with the workflow's expression
 * engine, and calls the credential's own `preAuthentication` when its expirable field is empty or
 * n8n-core reports a 401, storing what it returns as n8n would. As n8n 2.41's server, it refuses a
 * credential that sets `restrictToSupportedNodes` to any node outside its `supportedNodes`
 * (n8n-core asks on every credential read).
 */
import { ICredentialsHelper } from 'n8n-workflow';
import { readFileSync } from 'fs';
import { join } from 'path';
import { PACKAGE_ROOT } from './loadPackage';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	Workflow,
} from 'n8n-workflow';

export class TestCredentialsHelper extends ICredentialsHelper {
	/** Stored data per credential id, as the database would hold it. */
	readonly stored = new Map<string, ICredentialDataDecryptedObject>();

	/** How many times the credential was read and decrypted (n8n does it on every read). */
	decryptions = 0;

	/** Every preAuthentication call: `expired` tells whether it followed a 401. */
	readonly preAuthenticationCalls: Array<{ expired: boolean; refreshed: boolean }> = [];

	/**
	 * @param packageName the package the credential types were loaded from: n8n names a supported
	 * node `<package>.<node>`, while the loader lists only `<node>`.
	 */
	constructor(
		private readonly credentialTypes: Record<string, ICredentialType>,
		private readonly packageName: string = OWN_PACKAGE_NAME,
	) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	/**
	 * n8n 2.41's rule: true unless the type sets `restrictToSupportedNodes` and the node is not
	 * one of its supported nodes; an unknown type is usable (the read fails later, as in n8n).
	 */
	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = this.credentialTypes[credentialType];
		if (!type?.restrictToSupportedNodes) return true;
		return (type.supportedNodes ?? [])
			.map((node) => `${this.packageName}.${node}`)
			.includes(nodeType);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const type = this.type(typeName);
		const options = requestOptions as IHttpRequestOptions;
		const authenticate = type.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		if (authenticate?.type === 'generic') {
			for (const [target, entries] of Object.entries(authenticate.properties)) {
				const bag = ((options as unknown as Record<string, Record<string, unknown>>)[target] ??=
					{});
				for (const [key, value] of Object.entries(entries as Record<string, string>)) {
					bag[resolve(workflow, node, key, credentials)] = resolve(
						workflow,
						node,
						value,
						credentials,
					);
				}
			}
		}
		return options;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		const expirable = type.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable,
		);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		const empty = credentials[expirable.name] === '' || credentials[expirable.name] === undefined;
		if (!empty && !credentialsExpired) {
			this.preAuthenticationCalls.push({ expired: false, refreshed: false });
			return undefined;
		}
		const output = (await this.runPreAuthentication(helpers, credentials, typeName)) ?? {};
		this.preAuthenticationCalls.push({ expired: credentialsExpired, refreshed: true });
		if (output[expirable.name] === undefined) return undefined;
		const id = node.credentials?.[typeName]?.id;
		if (id)
			this.stored.set(id, {
				...(this.stored.get(id) ?? {}),
				...output,
			} as ICredentialDataDecryptedObject);
		return Object.assign(credentials, output);
	}

	/**
	 * The credential's own `preAuthentication`, run and returned without storing (n8n 2.41 runs it
	 * so for OAuth credentials).
	 */
	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		if (typeof type.preAuthentication !== 'function') return undefined;
		return (await type.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by these nodes');
	}

	async getDecrypted(
		_additionalData: unknown,
		nodeCredentials: INodeCredentialsDetails,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.stored.get(nodeCredentials.id ?? '');
		this.decryptions++;
		if (!data) throw new Error(`No credential with id ${nodeCredentials.id}`);
		// A copy, as n8n decrypts a fresh object for every execution.
		return { ...data };
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.stored.set(nodeCredentials.id ?? '', { ...data });
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.type(type).properties;
	}

	private type(name: string): ICredentialType {
		const type = this.credentialTypes[name];
		if (!type) throw new Error(`Unknown credential type ${name}`);
		return type;
	}
}

const OWN_PACKAGE_NAME: string = JSON.parse(
	readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8'),
).name;

function resolve(
	workflow: Workflow,
	node: INode,
	value: string,
	credentials: ICredentialDataDecryptedObject,
): string {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	const resolved = workflow.expression.getSimpleParameterValue(
		node,
		value,
		'internal',
		{ $credentials: credentials },
		undefined,
		'',
	);
	return resolved === undefined || resolved === null ? '' : String(resolved);
}
