/** jest's `spec` project: the sandbox answers with the specification's shapes (docs/SERVICE.md). */
process.env.PAY_SANDBOX_PROFILE = 'spec';
