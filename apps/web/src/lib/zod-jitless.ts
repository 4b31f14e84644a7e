import * as z from 'zod/v4';

// The content security policy admits no eval (docs/product/security-and-privacy.md#headers). Zod 4 otherwise probes
// `new Function` and compiles object parsers with it, and the probe alone is reported as a violation even though zod
// catches the error. Each object schema reads this setting when it is built, so it must be set before any schema
// module runs, yet Zod stays out of the first bundle: the web build resolves `zod` to this module (vite.config.ts),
// whose body runs before the body of any module that imports `zod`.
z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
