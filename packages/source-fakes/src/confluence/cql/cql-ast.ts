export type CqlOperator = '=' | '!=' | '~' | '!~' | '>' | '>=' | '<' | '<=' | 'in' | 'not in';

export type CqlExpression =
  | { kind: 'and'; left: CqlExpression; right: CqlExpression }
  | { kind: 'or'; left: CqlExpression; right: CqlExpression }
  | { kind: 'not'; operand: CqlExpression }
  | { kind: 'clause'; field: string; operator: CqlOperator; values: string[] };

export interface CqlOrder {
  field: string;
  direction: 'asc' | 'desc';
}

export interface CqlQuery {
  /** Absent for a query that is only an `order by`. */
  where?: CqlExpression;
  orderBy: CqlOrder[];
}
