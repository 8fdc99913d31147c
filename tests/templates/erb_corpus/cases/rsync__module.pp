# ERB corpus case: rsync/templates/module.erb, with plausible variables.
class corpus_case {
  $auth_users = ['auth_users_a', 'auth_users_b']
  $comment = 'comment_value'
  $dont_compress = ['dont_compress_a', 'dont_compress_b']
  $exclude = ['exclude_a', 'exclude_b']
  $exclude_from = 'exclude_from_value'
  $gid = 'gid_value'
  $hosts_allow = ['hosts_allow_a', 'hosts_allow_b']
  $hosts_deny = ['hosts_deny_a', 'hosts_deny_b']
  $ignore_nonreadable = 'ignore_nonreadable_value'
  $include = ['include_a', 'include_b']
  $include_from = 'include_from_value'
  $incoming_chmod = 'incoming_chmod_value'
  $list = 'list_value'
  $lock_file = 'lock_file_value'
  $log_file = 'log_file_value'
  $log_format = 'log_format_value'
  $max_connections = 3
  $numeric_ids = 'numeric_ids_value'
  $outgoing_chmod = 'outgoing_chmod_value'
  $path = 'path_value'
  $read_only = 'read_only_value'
  $refuse_options = ['refuse_options_a', 'refuse_options_b']
  $secrets_file = 'secrets_file_value'
  $timeout = 'timeout_value'
  $transfer_logging = 'transfer_logging_value'
  $uid = 'uid_value'
  $use_chroot = 'use_chroot_value'
  $write_only = 'write_only_value'
  notice(template('rsync/module.erb'))
}
include corpus_case
