/** The id of index.html's JSON block with the runtime configuration (runtimeConfig.ts), without its schema. */
export const CONFIG_ELEMENT_ID = 'mws-config';
