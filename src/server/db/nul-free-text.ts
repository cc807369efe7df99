import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const REPLACEMENT = '\uFFFD';

function withoutNul(value: unknown): unknown {
  return typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', REPLACEMENT) : value;
}

class NulFreeValues extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = withoutNul(node.value);
    return value === node.value ? node : { ...node, value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return node.values.some((value) => withoutNul(value) !== value) ? { ...node, values: node.values.map(withoutNul) } : node;
  }
}

/** PostgreSQL refuses NUL in text where SQLite stores it: parameters get U+FFFD instead, so a look-up finds nothing rather than a 500. */
export class NulFreeTextPlugin implements KyselyPlugin {
  readonly #transformer = new NulFreeValues();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
