# ERB corpus case: haproxy/templates/haproxy_mapfile.erb, with plausible variables.
class corpus_case {
  $mapfile_name = 'mapfile_name_value'
  $mappings = ['mappings_a', 'mappings_b']
  notice(template('haproxy/haproxy_mapfile.erb'))
}
include corpus_case
