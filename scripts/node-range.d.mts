export declare const SUPPORTED_NODE: string;
export declare function satisfies(version: string, range?: string): boolean;
