# ERB corpus case: apache/templates/mod/rpaf.conf.erb, with plausible variables.
class corpus_case {
  $header = 'header_value'
  $proxy_ips = ['proxy_ips_a', 'proxy_ips_b']
  $sethostname = 'sethostname_value'
  notice(template('apache/mod/rpaf.conf.erb'))
}
include corpus_case
