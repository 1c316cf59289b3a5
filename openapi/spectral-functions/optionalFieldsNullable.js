// The contract's rule "every optional field also accepts an explicit null" (clients generated
// from the seed send them): a request schema's properties outside `required` must be nullable,
// either inline or through a $ref to a nullable schema.
export default (schema, _options, context) => {
  if (!schema || typeof schema !== 'object' || !schema.properties) return [];
  const required = new Set(schema.required ?? []);
  const schemas = context.document.data?.components?.schemas ?? {};
  const nullable = (property) => {
    if (property.nullable === true) return true;
    const ref = typeof property.$ref === 'string' ? property.$ref : '';
    const name = ref.startsWith('#/components/schemas/')
      ? ref.slice('#/components/schemas/'.length)
      : '';
    return schemas[name]?.nullable === true;
  };
  return Object.entries(schema.properties)
    .filter(([name, property]) => !required.has(name) && !nullable(property))
    .map(([name]) => ({
      message: `optional property "${name}" must be nullable (an explicit null is accepted)`,
      path: [...context.path, 'properties', name],
    }));
};
