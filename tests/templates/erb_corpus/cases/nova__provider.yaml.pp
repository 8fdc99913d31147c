# ERB corpus case: nova/templates/provider.yaml.erb, with plausible variables.
class corpus_case {
  $custom_inventories = ['custom_inventories_a', 'custom_inventories_b']
  $schema_version = 'schema_version_value'
  notice(template('nova/provider.yaml.erb'))
}
include corpus_case
