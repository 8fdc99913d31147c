# ERB corpus case: horizon/templates/_1799_dns_settings.py.erb, with plausible variables.
class corpus_case {
  $policy_file_real = 'policy_file_real_value'
  notice(template('horizon/_1799_dns_settings.py.erb'))
}
include corpus_case
