"""Writes FIT workout files with fit-tool (PyPI), as a coach's tool would, into the folder given.

Usage: python make-fit-workouts.py DIR
"""

import sys
from pathlib import Path

from fit_tool.fit_file_builder import FitFileBuilder
from fit_tool.profile.messages.file_id_message import FileIdMessage
from fit_tool.profile.messages.workout_message import WorkoutMessage
from fit_tool.profile.messages.workout_step_message import WorkoutStepMessage
from fit_tool.profile.profile_type import FileType, Intensity, Manufacturer, Sport, WorkoutStepDuration, WorkoutStepTarget


def step(index, intensity, duration_type, target_type=WorkoutStepTarget.OPEN, **fields):
    message = WorkoutStepMessage()
    message.message_index = index
    message.intensity = intensity
    message.duration_type = duration_type
    message.target_type = target_type
    for name, value in fields.items():
        setattr(message, name, value)
    return message


def write(path, name, sport, steps, file_type=FileType.WORKOUT):
    file_id = FileIdMessage()
    file_id.type = file_type
    file_id.manufacturer = Manufacturer.DEVELOPMENT.value
    file_id.product = 0
    file_id.time_created = 1_700_000_000_000
    file_id.serial_number = 0x12345678
    workout = WorkoutMessage()
    workout.workout_name = name
    workout.sport = sport
    workout.num_valid_steps = len(steps)
    builder = FitFileBuilder(auto_define=True, min_string_size=50)
    builder.add(file_id)
    builder.add(workout)
    builder.add_all(steps)
    builder.build().to_file(str(path))


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    # A ride: warm-up by FTP share, 4 times 5 minutes at 250 to 270 watts with 3 minutes easy,
    # a cool-down held to a heart-rate zone (a target plans do not carry).
    write(out / "threshold.fit", "Threshold fours", Sport.CYCLING, [
        step(0, Intensity.WARMUP, WorkoutStepDuration.TIME, WorkoutStepTarget.POWER, duration_time=600.0,
             target_value=0, custom_target_value_low=50, custom_target_value_high=60),
        step(1, Intensity.ACTIVE, WorkoutStepDuration.TIME, WorkoutStepTarget.POWER, duration_time=300.0,
             target_value=0, custom_target_value_low=1250, custom_target_value_high=1270),
        step(2, Intensity.REST, WorkoutStepDuration.TIME, duration_time=180.0),
        step(3, Intensity.ACTIVE, WorkoutStepDuration.REPEAT_UNTIL_STEPS_CMPLT, duration_value=1, target_value=4),
        step(4, Intensity.COOLDOWN, WorkoutStepDuration.TIME, WorkoutStepTarget.HEART_RATE, duration_time=600.0,
             target_value=1),
    ])
    # A run: an open warm-up, a kilometre by distance, 3 minutes at 12 km/h, power zone 3.
    write(out / "run.fit", "Track session", Sport.RUNNING, [
        step(0, Intensity.WARMUP, WorkoutStepDuration.OPEN),
        step(1, Intensity.ACTIVE, WorkoutStepDuration.DISTANCE, duration_distance=1000.0),
        step(2, Intensity.ACTIVE, WorkoutStepDuration.TIME, WorkoutStepTarget.SPEED, duration_time=180.0,
             target_value=0, custom_target_speed_low=3.333, custom_target_speed_high=3.333),
        step(3, Intensity.ACTIVE, WorkoutStepDuration.TIME, WorkoutStepTarget.POWER, duration_time=120.0,
             target_value=3),
    ])
    # Not a workout: an activity file's id.
    write(out / "activity.fit", "Yesterday", Sport.CYCLING, [
        step(0, Intensity.ACTIVE, WorkoutStepDuration.TIME, duration_time=60.0),
    ], file_type=FileType.ACTIVITY)


main()
