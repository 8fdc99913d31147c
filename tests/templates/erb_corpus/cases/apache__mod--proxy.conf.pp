# ERB corpus case: apache/templates/mod/proxy.conf.erb, with plausible variables.
class corpus_case {
  $_apache_version = '2.4.1'
  $allow_from = ['allow_from_a', 'allow_from_b']
  $proxy_iobuffersize = 'proxy_iobuffersize_value'
  $proxy_requests = 'proxy_requests_value'
  $proxy_timeout = 'proxy_timeout_value'
  $proxy_via = 'proxy_via_value'
  notice(template('apache/mod/proxy.conf.erb'))
}
include corpus_case
