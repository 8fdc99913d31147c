# ERB corpus case: haproxy/templates/haproxy_frontend_block.erb, with plausible variables.
class corpus_case {
  $section_name = 'section_name_value'
  notice(template('haproxy/haproxy_frontend_block.erb'))
}
include corpus_case
