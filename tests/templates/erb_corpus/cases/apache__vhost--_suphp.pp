# ERB corpus case: apache/templates/vhost/_suphp.erb, with plausible variables.
class corpus_case {
  $suphp_addhandler = 'suphp_addhandler_value'
  $suphp_configpath = 'suphp_configpath_value'
  $suphp_engine = 'suphp_engine_value'
  notice(template('apache/vhost/_suphp.erb'))
}
include corpus_case
