# ERB corpus case: postgresql/templates/recovery.conf.erb, with plausible variables.
class corpus_case {
  $archive_cleanup_command = 'archive_cleanup_command_value'
  $pause_at_recovery_target = 'pause_at_recovery_target_value'
  $primary_conninfo = 'primary_conninfo_value'
  $primary_slot_name = 'primary_slot_name_value'
  $recovery_end_command = 'recovery_end_command_value'
  $recovery_min_apply_delay = 'recovery_min_apply_delay_value'
  $recovery_target = 'recovery_target_value'
  $recovery_target_inclusive = 'recovery_target_inclusive_value'
  $recovery_target_name = 'recovery_target_name_value'
  $recovery_target_time = 'recovery_target_time_value'
  $recovery_target_timeline = 'recovery_target_timeline_value'
  $recovery_target_xid = 'recovery_target_xid_value'
  $restore_command = 'restore_command_value'
  $standby_mode = 'standby_mode_value'
  $trigger_file = 'trigger_file_value'
  notice(template('postgresql/recovery.conf.erb'))
}
include corpus_case
