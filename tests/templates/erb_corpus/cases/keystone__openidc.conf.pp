# ERB corpus case: keystone/templates/openidc.conf.erb, with plausible variables.
class corpus_case {
  $keystone_url = 'keystone_url_value'
  notice(template('keystone/openidc.conf.erb'))
}
include corpus_case
