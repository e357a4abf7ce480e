// The subset of onnx.proto (github.com/onnx/onnx, onnx/onnx.proto) needed to write a small
// inference graph. Field numbers are the upstream ones; everything unused is left out.
import protobuf from 'protobufjs';

const ONNX_SUBSET = `
syntax = "proto3";
package onnx;

message AttributeProto {
  enum AttributeType { UNDEFINED = 0; FLOAT = 1; INT = 2; STRING = 3; TENSOR = 4; GRAPH = 5; FLOATS = 6; INTS = 7; }
  string name = 1;
  float f = 2;
  int64 i = 3;
  bytes s = 4;
  TensorProto t = 5;
  repeated float floats = 7;
  repeated int64 ints = 8;
  AttributeType type = 20;
}

message ValueInfoProto {
  string name = 1;
  TypeProto type = 2;
}

message NodeProto {
  repeated string input = 1;
  repeated string output = 2;
  string name = 3;
  string op_type = 4;
  repeated AttributeProto attribute = 5;
  string domain = 7;
}

message StringStringEntryProto {
  string key = 1;
  string value = 2;
}

message ModelProto {
  int64 ir_version = 1;
  string producer_name = 2;
  string producer_version = 3;
  string domain = 4;
  int64 model_version = 5;
  string doc_string = 6;
  GraphProto graph = 7;
  repeated OperatorSetIdProto opset_import = 8;
  repeated StringStringEntryProto metadata_props = 14;
}

message GraphProto {
  repeated NodeProto node = 1;
  string name = 2;
  repeated TensorProto initializer = 5;
  string doc_string = 10;
  repeated ValueInfoProto input = 11;
  repeated ValueInfoProto output = 12;
}

message TensorProto {
  enum DataType { UNDEFINED = 0; FLOAT = 1; UINT8 = 2; INT8 = 3; UINT16 = 4; INT16 = 5; INT32 = 6; INT64 = 7; STRING = 8; BOOL = 9; }
  repeated int64 dims = 1;
  int32 data_type = 2;
  string name = 8;
  bytes raw_data = 9;
}

message TensorShapeProto {
  message Dimension {
    oneof value {
      int64 dim_value = 1;
      string dim_param = 2;
    }
  }
  repeated Dimension dim = 1;
}

message TypeProto {
  message Tensor {
    int32 elem_type = 1;
    TensorShapeProto shape = 2;
  }
  oneof value {
    Tensor tensor_type = 1;
  }
}

message OperatorSetIdProto {
  string domain = 1;
  int64 version = 2;
}
`;

export const DataType = { FLOAT: 1, INT64: 7 };
const AttributeType = { INT: 2, INTS: 7 };

const root = protobuf.parse(ONNX_SUBSET, { keepCase: true }).root;
const ModelProto = root.lookupType('onnx.ModelProto');

/** A float32 initializer stored little-endian in raw_data, as ONNX requires. */
export function floatTensor(name, dims, values) {
  const data = Float32Array.from(values);
  if (data.length !== dims.reduce((a, b) => a * b, 1)) throw new Error(`${name}: ${data.length} values for dims ${dims}`);
  return { name, dims, data_type: DataType.FLOAT, raw_data: new Uint8Array(data.buffer) };
}

export function int64Tensor(name, dims, values) {
  const data = BigInt64Array.from(values.map((v) => BigInt(v)));
  return { name, dims, data_type: DataType.INT64, raw_data: new Uint8Array(data.buffer) };
}

export function node(opType, inputs, outputs, attributes = {}) {
  const attribute = Object.entries(attributes).map(([name, value]) =>
    Array.isArray(value) ? { name, type: AttributeType.INTS, ints: value } : { name, type: AttributeType.INT, i: value },
  );
  return { op_type: opType, input: inputs, output: outputs, name: `${opType}_${outputs[0]}`, attribute };
}

/** A tensor value description; a string dimension is symbolic (e.g. `batch`). */
export function valueInfo(name, elemType, dims) {
  const dim = dims.map((d) => (typeof d === 'string' ? { dim_param: d } : { dim_value: d }));
  return { name, type: { tensor_type: { elem_type: elemType, shape: { dim } } } };
}

/** Serialises a model; ir_version 7 with the default-domain opset 13. */
export function encodeModel({ graph, docString, metadata = {} }) {
  const message = ModelProto.fromObject({
    ir_version: 7,
    producer_name: 'parapet-make-tiny-model',
    producer_version: '1',
    doc_string: docString,
    opset_import: [{ domain: '', version: 13 }],
    graph,
    metadata_props: Object.entries(metadata).map(([key, value]) => ({ key, value })),
  });
  return ModelProto.encode(message).finish();
}
