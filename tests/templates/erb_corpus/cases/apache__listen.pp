# ERB corpus case: apache/templates/listen.erb, with plausible variables.
class corpus_case {
  $listen_addr_port = 'listen_addr_port_value'
  notice(template('apache/listen.erb'))
}
include corpus_case
