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


# Element sizes of FIT's base types, by the base type's number.
ELEMENT_SIZES = {0x00: 1, 0x01: 1, 0x02: 1, 0x03: 2, 0x04: 2, 0x05: 4, 0x06: 4, 0x07: 1, 0x08: 4, 0x09: 8,
                 0x0A: 1, 0x0B: 2, 0x0C: 4, 0x0D: 1, 0x0E: 8, 0x0F: 8, 0x10: 8}


def crc(data):
    table = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
    value = 0
    for byte in data:
        for nibble in (byte & 0x0F, byte >> 4):
            low = table[value & 0x0F]
            value = ((value >> 4) & 0x0FFF) ^ low ^ table[nibble]
    return value


def big_endian_with_developer_field(source, target):
    """The same messages, as a big-endian device writes them, each with a developer field added
    (two bytes a reader that does not know it passes over)."""
    data = source.read_bytes()
    size = data[0]
    end = size + int.from_bytes(data[4:8], "little")
    at = size
    out = bytearray()
    definitions = {}
    while at < end:
        header = data[at]
        at += 1
        local = header & 0x0F
        if header & 0x40:
            little = data[at + 1] == 0
            number = int.from_bytes(data[at + 2:at + 4], "little" if little else "big")
            count = data[at + 4]
            fields = [tuple(data[at + 5 + 3 * i:at + 8 + 3 * i]) for i in range(count)]
            at += 5 + 3 * count
            developer = 0
            entries = b""
            if header & 0x20:
                developer_count = data[at]
                entries = data[at + 1:at + 1 + 3 * developer_count]
                developer = sum(entries[3 * i + 1] for i in range(developer_count))
                at += 1 + 3 * developer_count
            definitions[local] = (little, fields, developer)
            out += bytes([header | 0x20, 0, 1]) + number.to_bytes(2, "big") + bytes([count])
            out += b"".join(bytes(field) for field in fields)
            out += bytes([len(entries) // 3 + 1]) + entries + bytes([0, 2, 0])
        else:
            little, fields, developer = definitions[local]
            out.append(header)
            for _, field_size, base_type in fields:
                raw = data[at:at + field_size]
                at += field_size
                element = ELEMENT_SIZES.get(base_type & 0x1F, 1)
                if little and element > 1:
                    raw = b"".join(raw[i:i + element][::-1] for i in range(0, field_size, element))
                out += raw
            out += data[at:at + developer] + bytes([0xAB, 0xCD])
            at += developer
    header = bytearray(data[:12])
    header[0] = 12
    header[4:8] = len(out).to_bytes(4, "little")
    body = bytes(header) + bytes(out)
    target.write_bytes(body + crc(body).to_bytes(2, "little"))


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
    # A run: an open warm-up, a kilometre by distance, 3 minutes at 12 km/h, power zone 3, then
    # 5 minutes at 140 to 160 beats per minute (FIT writes beats plus 100).
    write(out / "run.fit", "Track session", Sport.RUNNING, [
        step(0, Intensity.WARMUP, WorkoutStepDuration.OPEN),
        step(1, Intensity.ACTIVE, WorkoutStepDuration.DISTANCE, duration_distance=1000.0),
        step(2, Intensity.ACTIVE, WorkoutStepDuration.TIME, WorkoutStepTarget.SPEED, duration_time=180.0,
             target_value=0, custom_target_speed_low=3.333, custom_target_speed_high=3.333),
        step(3, Intensity.ACTIVE, WorkoutStepDuration.TIME, WorkoutStepTarget.POWER, duration_time=120.0,
             target_value=3),
        step(4, Intensity.ACTIVE, WorkoutStepDuration.TIME, WorkoutStepTarget.HEART_RATE, duration_time=300.0,
             target_value=0, custom_target_heart_rate_low=240, custom_target_heart_rate_high=260),
    ])
    # A warm-up, 3 times 1 minute at 300 watts with 1 minute easy, then a recovery step of its
    # own after the repeat (as Garmin Connect writes one) and a cool-down.
    write(out / "recovery.fit", "Threes and a recovery", Sport.CYCLING, [
        step(0, Intensity.WARMUP, WorkoutStepDuration.TIME, duration_time=300.0),
        step(1, Intensity.ACTIVE, WorkoutStepDuration.TIME, WorkoutStepTarget.POWER, duration_time=60.0,
             target_value=0, custom_target_value_low=1300, custom_target_value_high=1300),
        step(2, Intensity.REST, WorkoutStepDuration.TIME, duration_time=60.0),
        step(3, Intensity.ACTIVE, WorkoutStepDuration.REPEAT_UNTIL_STEPS_CMPLT, duration_value=1, target_value=3),
        step(4, Intensity.RECOVERY, WorkoutStepDuration.TIME, duration_time=300.0),
        step(5, Intensity.COOLDOWN, WorkoutStepDuration.TIME, duration_time=300.0),
    ])
    # A rest first, a rest after a rest, and a step held to 85 to 95 revolutions a minute.
    write(out / "rests.fit", "Rests first and twice", Sport.CYCLING, [
        step(0, Intensity.REST, WorkoutStepDuration.TIME, duration_time=120.0),
        step(1, Intensity.ACTIVE, WorkoutStepDuration.TIME, WorkoutStepTarget.POWER, duration_time=300.0,
             target_value=0, custom_target_value_low=1250, custom_target_value_high=1250),
        step(2, Intensity.REST, WorkoutStepDuration.TIME, duration_time=60.0),
        step(3, Intensity.RECOVERY, WorkoutStepDuration.TIME, duration_time=120.0),
        step(4, Intensity.ACTIVE, WorkoutStepDuration.TIME, WorkoutStepTarget.CADENCE, duration_time=180.0,
             target_value=0, custom_target_value_low=85, custom_target_value_high=95),
        step(5, Intensity.COOLDOWN, WorkoutStepDuration.TIME, duration_time=300.0),
    ])
    # A cadence zone (athletes have no cadence zones Heartline knows) and then a cadence held to
    # 80 to 90 revolutions a minute.
    write(out / "cadence-zone.fit", "Cadence zones", Sport.CYCLING, [
        step(0, Intensity.ACTIVE, WorkoutStepDuration.TIME, WorkoutStepTarget.CADENCE, duration_time=120.0, target_value=2),
        step(1, Intensity.ACTIVE, WorkoutStepDuration.TIME, WorkoutStepTarget.CADENCE, duration_time=120.0,
             target_value=0, custom_target_value_low=80, custom_target_value_high=90),
    ])
    # One step of 10 hours: longer than a plan holds.
    write(out / "all-day.fit", "All day", Sport.CYCLING, [
        step(0, Intensity.ACTIVE, WorkoutStepDuration.TIME, duration_time=36000.0),
    ])
    big_endian_with_developer_field(out / "threshold.fit", out / "threshold-big-endian.fit")
    # Not a workout: an activity file's id.
    write(out / "activity.fit", "Yesterday", Sport.CYCLING, [
        step(0, Intensity.ACTIVE, WorkoutStepDuration.TIME, duration_time=60.0),
    ], file_type=FileType.ACTIVITY)


main()
