# ERB corpus case: haproxy/templates/instance_service_unit_example.erb, with plausible variables.
class corpus_case {
  $wrapper = 'wrapper_value'
  notice(template('haproxy/instance_service_unit_example.erb'))
}
include corpus_case
