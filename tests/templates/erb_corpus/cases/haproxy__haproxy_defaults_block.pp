# ERB corpus case: haproxy/templates/haproxy_defaults_block.erb, with plausible variables.
class corpus_case {
  notice(template('haproxy/haproxy_defaults_block.erb'))
}
include corpus_case
