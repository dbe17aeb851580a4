@testable import HeartlineCore
import Testing

/// The sensors' own state, driven on its own: what each event changes, and whether it is news.
struct SensorsFeatureTests {
    @Test func aStrapBackAfterADropOutIsNewsOnceAndDataIsAConnection() {
        var sensors = Sensors()
        var news: Bool
        news = sensors.strapConnected("Polar H10", awaited: false)
        #expect(!news)
        news = sensors.strapLost()
        #expect(news)
        news = sensors.strapLost()
        #expect(!news)
        news = sensors.strapSent(awaited: false)
        #expect(news)
        #expect(sensors.strap == .connected(name: ""))
        news = sensors.strapSent(awaited: false)
        #expect(!news)
        // Awaited by a workout that started without it: its first data is news.
        news = sensors.strapSent(awaited: true)
        #expect(news)
    }

    @Test func aProblemSaidMakesTheConnectionNewsAndIsForgottenByIt() {
        var sensors = Sensors()
        var news: Bool
        sensors.saidProblem = true
        news = sensors.strapConnected("Strap", awaited: false)
        #expect(news)
        #expect(!sensors.saidProblem)
        news = sensors.strapConnected("Strap", awaited: false)
        #expect(!news)
    }

    @Test func aLowBatteryAndPairingAreNewsOncePerRun() {
        var sensors = Sensors()
        var news: Bool
        news = sensors.battery(40, lowAt: 15)
        #expect(!news)
        news = sensors.battery(15, lowAt: 15)
        #expect(news)
        news = sensors.battery(10, lowAt: 15)
        #expect(!news)
        #expect(sensors.batteryLevel == 10)
        news = sensors.pairingAsked()
        #expect(news)
        news = sensors.pairingAsked()
        #expect(!news)
    }

    @Test func aMotionSensorIsNewsWhenBackOrArrivingDuringAWorkout() {
        var sensors = Sensors()
        var news: Bool
        // First heard at idle: no news; again during a workout: news.
        news = sensors.motionConnected(.footpod, name: "Stryd", duringWorkout: false)
        #expect(!news)
        news = sensors.motionConnected(.footpod, name: "Stryd", duringWorkout: true)
        #expect(news)
        news = sensors.motionLost(.footpod)
        #expect(news)
        news = sensors.motionLost(.footpod)
        #expect(!news)
        news = sensors.motionSent(.footpod)
        #expect(news)
        news = sensors.motionSent(.footpod)
        #expect(!news)
        news = sensors.motionLost(.powerMeter)
        #expect(!news)
    }
}
