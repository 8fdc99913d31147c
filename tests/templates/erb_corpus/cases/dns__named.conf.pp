# ERB corpus case: dns/templates/named.conf.erb, with plausible variables.
class corpus_case {
  notice(template('dns/named.conf.erb'))
}
include corpus_case
