# ERB corpus case: monit/templates/check/process.erb, with plausible variables.
class corpus_case {
  $gid = 'gid_value'
  $matching = 'matching_value'
  $pidfile = 'pidfile_value'
  $program_start = 'program_start_value'
  $program_stop = 'program_stop_value'
  $real_timeout_start = 'real_timeout_start_value'
  $real_timeout_stop = 'real_timeout_stop_value'
  $uid = 'uid_value'
  notice(template('monit/check/process.erb'))
}
include corpus_case
