# ERB corpus case: dns/templates/options.conf.erb, with plausible variables.
class corpus_case {
  $osfamily = 'osfamily_value'
  notice(template('dns/options.conf.erb'))
}
include corpus_case
