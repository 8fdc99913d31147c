# ERB corpus case: haproxy/templates/haproxy_backend_block.erb, with plausible variables.
class corpus_case {
  $section_name = 'section_name_value'
  notice(template('haproxy/haproxy_backend_block.erb'))
}
include corpus_case
