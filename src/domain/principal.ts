/** What an authenticated request acts as. */
export interface Principal {
  keyId: string;
  projectId: string;
  accountId: string;
}
