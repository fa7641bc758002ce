# Shared by the long-run scripts (sourced, not run): lowers the priority of the script's session.
#
# Why `nice -n 19` is not enough: with autogroup scheduling (Linux, on when
# /proc/sys/kernel/sched_autogroup_enabled is 1, the default of many distributions), the kernel
# first shares the processors between sessions and only then, inside a session, by nice. A run
# started in a session of its own (setsid, nohup from a login that ends, cron) then gets as much
# processor time as a build or measurement in another session, whatever its nice. The group's
# own nice, in /proc/PID/autogroup, is what lowers it against other sessions.

# lower_session_priority: sets the nice of this script's session group to 19 and restores the
# earlier value when the script exits (an EXIT trap). The group is the whole session: run from
# a terminal, the terminal's shell shares the lower priority while the script runs. Does nothing
# (and says nothing) where autogroup scheduling is off or absent, or the group's file is not
# writable. Prints one line to standard error when it lowers the group.
lower_session_priority() {
    local switch=/proc/sys/kernel/sched_autogroup_enabled group=/proc/$$/autogroup enabled before
    [ -r "$switch" ] && read -r enabled <"$switch" && [ "$enabled" = 1 ] || return 0
    [ -w "$group" ] || return 0
    # The file reads like "/autogroup-85 nice 0".
    before=$(sed -n 's/^.* nice \(-\{0,1\}[0-9]\{1,\}\)$/\1/p' "$group")
    [ -n "$before" ] || return 0
    [ "$before" -lt 19 ] || return 0
    set_group_nice 19 || return 0
    echo "low priority: this session's scheduling group set from nice $before to 19 (restored on exit)" >&2
    trap "set_group_nice $before || true" EXIT
}

# set_group_nice N: writes N to this session's /proc/PID/autogroup. The kernel refuses an
# unprivileged user a second change within a tenth of a second (EAGAIN), so it waits and tries
# once more.
set_group_nice() {
    { echo "$1" >"/proc/$$/autogroup"; } 2>/dev/null && return 0
    sleep 0.2
    { echo "$1" >"/proc/$$/autogroup"; } 2>/dev/null
}
