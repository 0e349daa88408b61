export declare const OPENAPI_TS_OPTIONS: Readonly<{ alphabetize: boolean; exportType: boolean; rootTypes: boolean }>;
export declare function generateApiTypes(openapiJson: object | string): Promise<string>;
