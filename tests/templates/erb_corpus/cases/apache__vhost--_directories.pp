# ERB corpus case: apache/templates/vhost/_directories.erb, with plausible variables.
class corpus_case {
  $_directories = '_directories_value'
  $_template_scope = '_template_scope_value'
  $apache_version = '2.4.1'
  $cas_enabled = 'cas_enabled_value'
  $docroot = 'docroot_value'
  $shibboleth_enabled = 'shibboleth_enabled_value'
  $suphp_engine = 'suphp_engine_value'
  notice(template('apache/vhost/_directories.erb'))
}
include corpus_case
