# ERB corpus case: rabbitmq/templates/inetrc.erb, with plausible variables.
class corpus_case {
  $ipv6 = 'ipv6_value'
  notice(template('rabbitmq/inetrc.erb'))
}
include corpus_case
