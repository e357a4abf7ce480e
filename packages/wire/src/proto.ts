import { loadPackageDefinition, type GrpcObject, type ServiceClientConstructor, type ServiceDefinition } from '@grpc/grpc-js';
import { fromJSON, type PackageDefinition } from '@grpc/proto-loader';
import type { ProtoGrpcType as AgentProto } from './generated/agent.js';
import type { ProtoGrpcType as ClientProto } from './generated/client.js';
import { descriptorJson } from './generated/descriptor.js';

/** Options every process decodes with; the generated types assume exactly these. */
const loaderOptions = {
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
} as const;

let cached: { definition: PackageDefinition; proto: AgentProto & ClientProto } | undefined;

function load(): { definition: PackageDefinition; proto: AgentProto & ClientProto } {
  if (!cached) {
    const definition = fromJSON(descriptorJson, loaderOptions);
    const proto = loadPackageDefinition(definition) as unknown as AgentProto & ClientProto;
    cached = { definition, proto };
  }
  return cached;
}

export function agentServiceDefinition(): ServiceDefinition {
  return load().proto.parapet.v1.AgentService.service as unknown as ServiceDefinition;
}

export function clientServiceDefinition(): ServiceDefinition {
  return load().proto.parapet.v1.ClientService.service as unknown as ServiceDefinition;
}

export function agentServiceClient(): AgentProto['parapet']['v1']['AgentService'] {
  return load().proto.parapet.v1.AgentService;
}

export function clientServiceClient(): ClientProto['parapet']['v1']['ClientService'] {
  return load().proto.parapet.v1.ClientService;
}

export type { GrpcObject, ServiceClientConstructor };
