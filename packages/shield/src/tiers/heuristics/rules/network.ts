import { defineRule } from '../registry.js';

/** Network rules shared by shell commands and the http/email tools. */
export const NETWORK_RULES = {
  sensitiveData: defineRule(
    'exfil.sensitive_data',
    'block',
    'sends secrets or private data to a host that is not local',
  ),
  dataInUrl: defineRule('exfil.data_in_url', 'block', 'smuggles local command output inside a URL'),
  dataInHostname: defineRule(
    'exfil.data_in_hostname',
    'block',
    'encodes data into a host name (DNS exfiltration)',
  ),
  rawSocketSend: defineRule(
    'exfil.raw_socket_send',
    'block',
    'pipes local data to a raw network socket',
  ),
  remoteShell: defineRule(
    'exfil.remote_shell',
    'block',
    'wires a shell to a network connection (reverse or bind shell)',
  ),
  privateToOwnStorage: defineRule(
    'exfil.private_to_own_storage',
    'escalate',
    "copies private files to cloud storage set up in the user's own configuration",
  ),
  destinationFromEnvironment: defineRule(
    'network.destination_from_environment',
    'escalate',
    'sends to an address held in an environment variable, which the Shield cannot see',
  ),
  networkSend: defineRule(
    'exfil.network_send',
    'escalate',
    'sends data to a host that is not local',
  ),
  cloudMetadata: defineRule(
    'secrets.cloud_metadata',
    'block',
    'queries the cloud metadata endpoint that hands out credentials',
  ),
  listener: defineRule('network.listener', 'escalate', 'opens a listening network port'),
  remoteLogin: defineRule('network.remote_login', 'escalate', 'logs in to a remote machine'),
  tunnel: defineRule('network.tunnel', 'escalate', 'opens a network tunnel or port forward'),
  rawConnect: defineRule(
    'network.raw_connect',
    'escalate',
    'opens a raw connection to a host that is not local',
  ),
  deceptiveHost: defineRule(
    'network.deceptive_host',
    'block',
    "sends to a host named to pass for another site's domain",
  ),
  archiveUpload: defineRule(
    'exfil.archive_upload',
    'block',
    'packs a folder into an archive and sends it to another machine',
  ),
  encodedQuery: defineRule(
    'exfil.encoded_query',
    'escalate',
    'carries a long encoded blob in a URL',
  ),
  hiddenBody: defineRule(
    'exfil.hidden_request_body',
    'block',
    'sends a body decoded at run time from an encoded literal, hidden from whoever reads the command',
  ),
};

/** Long base64/hex runs in a URL query look like data on its way out. */
export function encodedBlobIn(query: string): boolean {
  return /[A-Za-z0-9+/_-]{48,}={0,2}|(?:[0-9a-fA-F]{2}){24,}/u.test(query);
}
