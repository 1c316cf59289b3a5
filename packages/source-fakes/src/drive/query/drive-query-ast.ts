export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'contains';

export type DriveQueryValue =
  { kind: 'string'; text: string } | { kind: 'boolean'; value: boolean };

export type DriveQueryExpression =
  | { kind: 'and' | 'or'; left: DriveQueryExpression; right: DriveQueryExpression }
  | { kind: 'not'; operand: DriveQueryExpression }
  /** `'<value>' in <collection>`, e.g. `'folder-id' in parents`. */
  | { kind: 'membership'; value: string; collection: string }
  | { kind: 'comparison'; field: string; operator: ComparisonOperator; value: DriveQueryValue };
